import { Button, type ButtonProps } from '@mantine/core';
import { useId, useRef, type ReactNode } from 'react';

export interface FileFieldProps extends Pick<ButtonProps, 'variant' | 'size' | 'leftSection'> {
  /** The visible label: the button a person clicks is the input's own `<label>`. */
  label: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  /** Choose a whole folder (Chromium, Firefox and Safari support `webkitdirectory`). */
  directory?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * A native file input with a visible label styled as a button. The input stays in the page
 * (visually hidden, still focusable), so keyboards, screen readers and tests all find it by name.
 */
export function FileField({
  label,
  onFiles,
  multiple,
  accept,
  directory,
  disabled,
  variant = 'default',
  size,
  leftSection,
}: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const directoryProps = directory ? { webkitdirectory: '', directory: '' } : {};
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        className="file-field-input"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        {...directoryProps}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Reset, so choosing the same file again still reports it.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        component="label"
        htmlFor={id}
        variant={variant}
        size={size}
        leftSection={leftSection}
        disabled={disabled}
        className="file-field-label"
      >
        {label}
      </Button>
    </>
  );
}
