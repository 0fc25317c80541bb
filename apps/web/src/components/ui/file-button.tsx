import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from './button';

/** A button that opens the file chooser and hands over the chosen file (the input itself stays hidden). */
export function FileButton({
  label,
  accept,
  disabled = false,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
        <Upload className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
