import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
// Form styles come with the first form (a lazy chunk), not with the stylesheet inlined into every page.
import '@/styles/forms.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The inline message under the field; the field is marked invalid while it is set. */
  error?: string | null;
  hint?: ReactNode;
  /** Controls inside the input's box: a country code before it, a toggle or an image after it. */
  leading?: ReactNode;
  trailing?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with an inline validation message tied to it for assistive technology. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  leading,
  trailing,
  inputRef,
  id,
  required,
  className,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const messageId = `${inputId}-message`;
  const describedBy = [hint ? hintId : null, error ? messageId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {/* The required mark is drawn by CSS: the input's required attribute already says it to screen readers. */}
      <label className={`field__label${required ? ' field__label--required' : ''}`} htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        {leading}
        <input
          {...inputProps}
          ref={inputRef}
          id={inputId}
          className="field__input"
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {trailing}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__message" id={messageId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Inside another field's box (the country code of a phone number): no label of its own on screen. */
  inline?: boolean;
  disabled?: boolean;
}

/** A native select; inline, it sits in a text field's box with its label kept for screen readers. */
export function SelectField({ label, value, options, onChange, inline = false, disabled }: SelectFieldProps) {
  const id = useId();
  const select = (
    <select
      id={id}
      className={inline ? 'field__inline-select' : 'field__input'}
      value={value}
      disabled={disabled}
      aria-label={inline ? label : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  if (inline) return select;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">{select}</div>
    </div>
  );
}

export interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
}

export function CheckboxField({ checked, onChange, children, error }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`checkbox-field${error ? ' field--invalid' : ''}`}>
      <div className="checkbox-field__row">
        <input
          id={id}
          type="checkbox"
          className="checkbox-field__input"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="checkbox-field__label">
          {children}
        </label>
      </div>
      {error ? (
        <p className="field__message" id={`${id}-message`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (a refused login, a lost connection), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  if (!children) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** Moves focus to the first invalid field of a form once the messages are on screen. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  window.requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
