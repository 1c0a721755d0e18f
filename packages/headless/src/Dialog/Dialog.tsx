import type { ReactNode } from 'react';
import { Button, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save...). */
  footer?: ReactNode;
  /** Whether a click outside closes it, and it shows a Close button (true). Escape always closes. */
  isDismissable?: boolean;
  /** `alertdialog` for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog (the WAI-ARIA dialog pattern): focus moves in and is trapped, Escape closes,
 * focus returns to what opened it, the page behind is inert. Named by its title.
 */
export function Dialog({ isOpen, onOpenChange, title, children, footer, isDismissable = true, role = 'dialog', closeLabel = 'Close', className }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} data-lead="" data-modal-overlay="">
      <Modal className={className} data-modal="">
        <AriaDialog role={role} data-dialog="">
          <div data-dialog-header="">
            <Heading slot="title" data-dialog-title="">
              {title}
            </Heading>
            {isDismissable ? (
              <Button slot="close" aria-label={closeLabel} data-dialog-close="">
                <span aria-hidden="true">×</span>
              </Button>
            ) : null}
          </div>
          <div data-dialog-body="">{children}</div>
          {footer ? <div data-dialog-footer="">{footer}</div> : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for deleting: themes may colour the confirm button. */
  tone?: 'default' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes-or-no question in an `alertdialog` ("Do you want delete campaign?" / "You won't be able to
 * revert this!"). Focus starts on Cancel, the safe answer; Escape cancels.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  tone = 'default',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      role="alertdialog"
      isDismissable={false}
      footer={
        <>
          <Button
            onPress={onCancel}
            // The WAI-ARIA alertdialog pattern: focus starts on the least destructive answer.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            data-button="secondary"
          >
            {cancelLabel}
          </Button>
          <Button onPress={onConfirm} data-button={tone === 'danger' ? 'danger' : 'primary'}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message ? <p data-dialog-message="">{message}</p> : null}
    </Dialog>
  );
}
