import { RECORDING_MAX_BYTES, RECORDING_MAX_MINUTES, RECORDING_TYPES } from '@habla/shared/resources/recordings';
import { FileAudio, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';

/** What the file picker offers: the types the server takes, and their usual extensions (some systems give no type). */
export const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.aac', '.ogg', '.oga', '.opus', '.webm', '.flac'] as const;
export const AUDIO_ACCEPT = [...RECORDING_TYPES, ...AUDIO_EXTENSIONS].join(',');

/** Why a chosen file cannot be sent, before sending it (the server checks the bytes again). */
export function audioFileProblem(file: File): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const typed = file.type ? file.type.startsWith('audio/') || file.type === 'video/webm' : false;
  if (!typed && !AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size > RECORDING_MAX_BYTES) return 'size';
  return null;
}

/** Choose (or drop) an audio file, see what was chosen and listen to it before sending. */
export function AudioFileField({
  file,
  onChange,
  error,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);
  const errorId = `${id}-error`;
  const maxSize = formatBytes(RECORDING_MAX_BYTES, i18n.language);

  if (file)
    return (
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <FileAudio className="size-6 shrink-0 text-teal-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
            <p className="text-xs text-slate-600">{formatBytes(file.size, i18n.language)}</p>
          </div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onChange(null)}
            aria-label={t('recordings.removeFile', { name: file.name })}
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
        {preview && (
          <audio
            controls
            preload="metadata"
            src={preview}
            aria-label={t('recordings.filePlayer', { name: file.name })}
            className="w-full"
          />
        )}
        <p id={errorId} aria-live="polite" className={error ? 'text-sm text-red-700' : 'sr-only'}>
          {error}
        </p>
      </div>
    );

  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={`${id}-file`}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center focus-within:outline-2 focus-within:outline-teal-600 hover:border-teal-600 hover:bg-teal-50/40 ${error ? 'border-red-600' : 'border-slate-300'}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (!disabled) onChange(e.dataTransfer.files[0] ?? null);
        }}
      >
        <FileAudio aria-hidden="true" className="size-9 text-teal-700" />
        <span className="font-semibold text-slate-900">{t('recordings.chooseFile')}</span>
        <span className="text-sm text-slate-600" id={`${id}-help`}>
          {t('recordings.fileHelp', { max: maxSize, minutes: RECORDING_MAX_MINUTES })}
        </span>
        <input
          id={`${id}-file`}
          type="file"
          accept={AUDIO_ACCEPT}
          className="sr-only"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help ${errorId}`}
          onChange={(e) => {
            onChange(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </label>
      <p id={errorId} aria-live="polite" className={error ? 'text-sm text-red-700' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
