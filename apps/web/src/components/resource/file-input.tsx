import type { FileInfo } from '@habla/shared/schemas/files';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { AudioRecorder, canRecord, SpeakText } from './audio-prompt';
import { FilePreview } from './file-preview';

type Props = {
  label: string;
  optionalLabel?: string;
  /** The form's error for the field (the shared schema's or the server's), already translated. */
  error?: string;
  /** Accepted MIME types of the field (the server checks the uploaded bytes again). */
  accept: readonly string[];
  /** The id of the chosen file (a row of `files`), or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** For an audio field spoken from a text field (`speakFrom`): that field's current text. */
  speakText?: string;
};

/**
 * A file field of the generic form: the chosen file uploads at once to `POST /api/files` (decision
 * 007), and the field takes the new file's id. A refusal of the upload (413 too large, 415 wrong
 * type) shows the server's translated message under the input; a picture shows a preview.
 */
export function FileInput({ label, optionalLabel, error, accept, value, onChange, speakText }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;
  // An audio field also records from the microphone, and speaks its text field when it has one.
  const audio = accept.some((type) => type.startsWith('audio/'));
  const made = (file: FileInfo) => {
    setUploadError(null);
    onChange(file.id);
  };

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const res = await api.postRaw<{ data: FileInfo }>('/api/files', form, { silent: true });
      onChange(res.data.id);
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const describedBy = [`${id}-help`, shown ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {optionalLabel && <span className="text-xs text-slate-500">{optionalLabel}</span>}
      </div>
      {value && (
        <div className="flex flex-wrap items-center gap-3">
          <FilePreview id={value} size="lg" />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('records.fileRemoveNamed', { field: label })}
          >
            {t('records.fileRemove')}
          </Button>
        </div>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept.join(',')}
        disabled={uploading}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-teal-800 hover:file:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-600"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      {audio && (canRecord() || speakText !== undefined) && (
        <div className="flex flex-wrap items-center gap-2">
          {canRecord() && <AudioRecorder label={label} onDone={made} onError={setUploadError} disabled={uploading} />}
          {speakText !== undefined && (
            <SpeakText label={label} text={speakText} onDone={made} onError={setUploadError} disabled={uploading} />
          )}
        </div>
      )}
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {t('records.fileAccepts', { types: accept.join(', ') })}
      </p>
      {uploading && <Spinner size="sm" label={t('records.fileUploading')} />}
      <p id={`${id}-error`} aria-live="polite" className={shown ? 'text-sm text-red-700' : 'sr-only'}>
        {shown}
      </p>
    </div>
  );
}
