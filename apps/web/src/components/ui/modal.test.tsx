import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal
        open={open}
        title="Title"
        testId="test-modal"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>body</p>
        <a href="#x">inner link</a>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is not closed by a click outside the dialog', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('test-modal')).toBeTruthy();
  });

  it('closes on Escape and returns focus to the opener', () => {
    render(<Harness />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByTestId('test-modal')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByRole('button', { name: 'বন্ধ করুন' }));
    expect(screen.queryByTestId('test-modal')).toBeNull();
  });

  it('locks page scroll while open and unlocks after', () => {
    render(<Harness />);
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByText('open'));
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab focus inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    const close = screen.getByRole('button', { name: 'বন্ধ করুন' });
    const link = screen.getByText('inner link');
    link.focus();
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);
  });
});

describe('Modal keys after focus is lost', () => {
  it('still closes on Escape when the focused control went away', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('test-modal')).toBeNull();
  });

  it('brings Tab back into the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
