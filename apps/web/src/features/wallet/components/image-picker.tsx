import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem, UPLOAD_MAX_MB } from '../lib/files';

export interface ImagePickerProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** How many images may be chosen (1 for a receipt, 3 for proofs). */
  max: number;
  required?: boolean;
}

/** A preview address per chosen image, released when the images change or the picker goes. */
function usePreviews(files: File[]): (string | null)[] {
  const previews = useMemo(
    () => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null)),
    [files],
  );
  useEffect(
    () => () => {
      for (const preview of previews) if (preview) URL.revokeObjectURL(preview);
    },
    [previews],
  );
  return previews;
}

/**
 * Receipt or proof images: png or jpg of at most 5 MB each, checked here before anything is sent. A refused file
 * is named with the reason; the ones already chosen stay. The browser's own file control (its words in the browser's
 * language, "No file chosen" even once one is) is hidden behind a button in the page's language, and each chosen
 * image shows with its name and a thumbnail.
 */
export function ImagePicker({ label, files, onChange, max, required = false }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  function add(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (chosen.length === 0) return;
    const accepted: File[] = [];
    let problem: string | null = null;
    for (const file of chosen) {
      const reason = imageProblem(file);
      if (reason === 'type') problem = t('wallet.upload.wrongType', { name: file.name });
      else if (reason === 'size') problem = t('wallet.upload.tooLarge', { name: file.name, mb: UPLOAD_MAX_MB });
      else accepted.push(file);
    }
    const next = max === 1 ? accepted.slice(0, 1) : [...files, ...accepted];
    if (next.length > max) problem = t('wallet.upload.tooMany', { max });
    setError(problem);
    if (accepted.length > 0) onChange(next.slice(0, max));
  }

  function remove(index: number) {
    setError(null);
    onChange(files.filter((_, position) => position !== index));
  }

  const full = max > 1 && files.length >= max;
  const previews = usePreviews(files);
  return (
    <div className={`field image-picker${error ? ' field--invalid' : ''}`}>
      <label className={`field__label${required ? ' field__label--required' : ''}`} htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="image-picker__input visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={max > 1}
        disabled={full}
        aria-describedby={`${id}-hint${error ? ` ${id}-message` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => add(event.target.files)}
      />
      <div className="image-picker__control">
        <label htmlFor={id} className={`button button--ghost button--small${full ? ' button--disabled' : ''}`}>
          {t('wallet.upload.choose', { count: max })}
        </label>
        {files.length === 0 ? <span className="image-picker__none">{t('wallet.upload.none')}</span> : null}
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {t('wallet.upload.hint', { max, mb: UPLOAD_MAX_MB })}
      </p>
      {files.length > 0 ? (
        <ul className="image-picker__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="image-picker__item">
              {previews[index] ? <img className="image-picker__thumb" src={previews[index] ?? ''} alt="" /> : null}
              <span className="image-picker__name">{file.name}</span>
              <button type="button" className="link-button" onClick={() => remove(index)}>
                {t('wallet.upload.remove')}
                <span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="field__message" id={`${id}-message`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
