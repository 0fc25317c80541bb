import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import {
  IMAGE_COMPRESSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type ImageCompression,
} from '@habla/shared/resources/images';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { cropToBlob, formatSize, loadImage, outputSize, type CropArea } from './crop';
import { GALLERY_KEY, useFolders, type ImageRow } from './gallery-api';
import { ImageFields } from './image-fields';

const SHAPES = { original: null, square: 1, landscape: 4 / 3, portrait: 3 / 4 } as const;
type Shape = keyof typeof SHAPES;

/**
 * Upload one picture to the gallery (seed §3: cropper and file-size compression): choose a file,
 * crop it (drag or arrow keys to move, the slider to zoom, a shape), pick a size, say what it shows
 * (alt text, required), name it, file it, keep it private or share it. The crop and the compression
 * happen in the browser; the server makes its own sizes and strips metadata again.
 */
export function UploadImageDialog({
  open,
  onClose,
  onUploaded,
  folderId,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: (image: ImageRow) => void;
  folderId?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const folders = useFolders(open);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [shape, setShape] = useState<Shape>('original');
  const [area, setArea] = useState<CropArea | null>(null);
  const [compression, setCompression] = useState<ImageCompression>('medium');
  const [estimate, setEstimate] = useState<number | null>(null);
  const [fields, setFields] = useState({
    alt: '',
    name: '',
    description: '',
    folder_id: folderId ?? '',
    is_private: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!src) return;
    return () => URL.revokeObjectURL(src);
  }, [src]);

  // What will be sent, measured by writing it (debounced while the crop moves).
  useEffect(() => {
    if (!src || !area || !file) return;
    let stale = false;
    const timer = setTimeout(() => {
      void loadImage(src)
        .then((img) => cropToBlob(img, area, compression, file.type))
        .then(({ blob }) => !stale && setEstimate(blob.size))
        .catch(() => undefined);
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [src, area, compression, file]);

  const reset = () => {
    setFile(null);
    setSrc(null);
    setNatural(null);
    setArea(null);
    setEstimate(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setShape('original');
    setErrors({});
    setFields({ alt: '', name: '', description: '', folder_id: folderId ?? '', is_private: true });
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = async (f: File | undefined) => {
    if (!f) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) {
      setErrors({ file: t('gallery.wrongType') });
      return;
    }
    const url = URL.createObjectURL(f);
    try {
      const img = await loadImage(url);
      setNatural({ width: img.naturalWidth, height: img.naturalHeight });
    } catch {
      URL.revokeObjectURL(url);
      setErrors({ file: t('gallery.notAnImage') });
      return;
    }
    setErrors({});
    setFile(f);
    setSrc(url);
    setFields((v) => ({ ...v, name: v.name || f.name.replace(/\.[a-z0-9]{2,5}$/i, '') }));
  };

  const send = async () => {
    if (!file || !src || !area) return;
    if (!fields.alt.trim()) {
      setErrors({ alt: t('validation.required', { field: t('gallery.altLabel') }) });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { blob, extension } = await cropToBlob(await loadImage(src), area, compression, file.type);
      const form = new FormData();
      form.append('alt', fields.alt.trim());
      if (fields.name.trim()) form.append('name', fields.name.trim());
      if (fields.description.trim()) form.append('description', fields.description.trim());
      if (fields.folder_id) form.append('folder_id', fields.folder_id);
      form.append('is_private', String(fields.is_private));
      form.append('file', blob, `${fields.name.trim() || 'image'}.${extension}`);
      const res = await api.postRaw<{ data: ImageRow }>('/api/images', form);
      await queryClient.invalidateQueries({ queryKey: GALLERY_KEY });
      onUploaded(res.data);
      reset();
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) setErrors(failure.fields);
      else setErrors({ file: failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory') });
    } finally {
      setBusy(false);
    }
  };

  const aspect = SHAPES[shape] ?? (natural ? natural.width / natural.height : 1);
  const out = area ? outputSize(area, compression) : null;
  const maxMb = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-3xl rounded-2xl bg-white p-4 shadow-xl sm:p-6">
            <DialogTitle className="text-lg font-semibold text-slate-900">{t('gallery.uploadTitle')}</DialogTitle>
            {!src ? (
              <div className="mt-4">
                <label
                  htmlFor={`${id}-file`}
                  className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-10 text-center hover:border-teal-600 hover:bg-teal-50/40 focus-within:outline-2 focus-within:outline-teal-600"
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    void choose(e.dataTransfer.files[0]);
                  }}
                >
                  <ImagePlus aria-hidden="true" className="size-10 text-teal-700" />
                  <span className="font-semibold text-slate-900">{t('gallery.chooseFile')}</span>
                  <span className="text-sm text-slate-600" id={`${id}-help`}>
                    {t('gallery.fileHelp', { max: `${maxMb} MB` })}
                  </span>
                  <input
                    ref={fileInput}
                    id={`${id}-file`}
                    type="file"
                    accept={IMAGE_TYPES.join(',')}
                    className="sr-only"
                    aria-describedby={`${id}-help ${id}-file-error`}
                    onChange={(e) => void choose(e.target.files?.[0])}
                  />
                </label>
                <p id={`${id}-file-error`} role="alert" className="mt-2 text-sm text-red-700">
                  {errors.file}
                </p>
                <div className="mt-4 flex justify-end">
                  <Button variant="secondary" onClick={close}>
                    {t('records.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <form
                className="mt-4 grid gap-5 md:grid-cols-[1.2fr_1fr]"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void send();
                }}
              >
                <fieldset className="flex flex-col gap-3">
                  <legend className="text-sm font-medium text-slate-800">{t('gallery.cropLabel')}</legend>
                  <div className="relative h-64 overflow-hidden rounded-xl bg-slate-900 sm:h-72">
                    <Cropper
                      image={src}
                      crop={crop}
                      zoom={zoom}
                      aspect={aspect}
                      onCropChange={setCrop}
                      onZoomChange={setZoom}
                      onCropComplete={(_, pixels) => setArea(pixels)}
                      disableAutomaticStylesInjection
                      keyboardStep={10}
                      cropperProps={{
                        role: 'group',
                        'aria-label': t('gallery.cropArea'),
                        'aria-describedby': `${id}-crop-help`,
                      }}
                      mediaProps={{ alt: t('gallery.cropPreview') }}
                    />
                  </div>
                  <p id={`${id}-crop-help`} className="text-xs text-slate-600">
                    {t('gallery.cropHelp')}
                  </p>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${id}-zoom`} className="text-sm font-medium text-slate-800">
                      {t('gallery.zoom')}
                    </label>
                    <input
                      id={`${id}-zoom`}
                      type="range"
                      min={1}
                      max={4}
                      step={0.05}
                      value={zoom}
                      onChange={(e) => setZoom(Number(e.target.value))}
                      className="accent-teal-700"
                    />
                  </div>
                  <SelectField
                    label={t('gallery.shape')}
                    value={shape}
                    onChange={(e) => setShape(e.target.value as Shape)}
                    options={(Object.keys(SHAPES) as Shape[]).map((s) => ({
                      value: s,
                      label: t(`gallery.shapes.${s}`),
                    }))}
                  />
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">{t('gallery.compression')}</legend>
                    <div className="mt-1 flex flex-col gap-1">
                      {(Object.keys(IMAGE_COMPRESSIONS) as ImageCompression[]).map((c) => (
                        <label key={c} className="flex items-center gap-2 text-sm text-slate-800">
                          <input
                            type="radio"
                            name={`${id}-compression`}
                            value={c}
                            checked={compression === c}
                            onChange={() => setCompression(c)}
                            className="accent-teal-700"
                          />
                          {t(`gallery.compressions.${c}`)}
                        </label>
                      ))}
                    </div>
                    <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                      {out && estimate !== null
                        ? t('gallery.willSend', {
                            size: formatSize(estimate, i18n.language),
                            width: out.width,
                            height: out.height,
                          })
                        : '\u00a0'}
                    </p>
                  </fieldset>
                </fieldset>
                <div className="flex flex-col gap-3">
                  <ImageFields value={fields} onChange={setFields} errors={errors} folders={folders.data?.data ?? []} />
                  {errors.file && (
                    <p role="alert" className="text-sm text-red-700">
                      {errors.file}
                    </p>
                  )}
                  <div className="mt-auto flex flex-wrap justify-end gap-2 pt-2">
                    <Button variant="ghost" onClick={reset} disabled={busy}>
                      {t('gallery.changeFile')}
                    </Button>
                    <Button variant="secondary" onClick={close} disabled={busy}>
                      {t('records.cancel')}
                    </Button>
                    <Button type="submit" loading={busy} disabled={!area}>
                      {t('gallery.send')}
                    </Button>
                  </div>
                </div>
              </form>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
