import type { ReactNode, Ref } from 'react';
import {
  Button,
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
} from 'react-aria-components';

import { rootStyling, type StateClassName, type StateStyle } from '../internal/compose.js';

export { DialogTrigger } from 'react-aria-components';

/** A dialog's state, for a `className` or `style` function. */
export interface DialogRenderState {
  role: 'dialog' | 'alertdialog';
  isDismissable: boolean;
}

export interface DialogProps extends Omit<AriaDialogProps, 'children' | 'role' | 'className' | 'style'> {
  /** Added to the dialog element's class: a string, or a function of `{ role, isDismissable }`. */
  className?: StateClassName<DialogRenderState>;
  /** The dialog element's inline style: an object, or a function of `{ role, isDismissable }`. */
  style?: StateStyle<DialogRenderState>;
  /** Open, controlled. Leave it out inside a `DialogTrigger`, which opens it from its button. */
  isOpen?: boolean;
  /** Open at first, uncontrolled. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** The heading, which also names it. */
  title: ReactNode;
  /** The dialog's body. */
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save...). */
  footer?: ReactNode;
  /** Whether a click outside closes it, and it shows a Close button (true). Escape always closes. */
  isDismissable?: boolean;
  /** `alertdialog` for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** The close button's accessible name ("Close"). */
  closeLabel?: string;
  /** The dialog element (role `dialog`): DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLElement>;
}

/**
 * A modal dialog (the WAI-ARIA dialog pattern): focus moves in and is trapped, Escape closes,
 * focus returns to what opened it, the page behind is inert. Named by its title. Controlled
 * (`isOpen`, `onOpenChange`), uncontrolled (`defaultOpen`) or opened by a `DialogTrigger`.
 */
export function Dialog({
  isOpen,
  defaultOpen,
  onOpenChange,
  title,
  children,
  footer,
  isDismissable = true,
  role = 'dialog',
  closeLabel = 'Close',
  className,
  style,
  ...props
}: DialogProps) {
  const styling = rootStyling({ role, isDismissable }, className, style);
  return (
    <ModalOverlay
      {...(isOpen !== undefined ? { isOpen } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
      isDismissable={isDismissable}
      data-lead=""
      data-modal-overlay=""
    >
      <Modal data-modal="">
        <AriaDialog
          {...props}
          role={role}
          className={styling.className ? `react-aria-Dialog ${styling.className}` : undefined}
          style={styling.style}
          data-dialog=""
        >
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

export interface ConfirmDialogProps extends Omit<
  DialogProps,
  'title' | 'children' | 'footer' | 'role' | 'isDismissable' | 'onOpenChange'
> {
  /** The heading, which also names it. */
  title: string;
  /** The question's detail, under the title ("You won't be able to revert this!"). */
  message?: ReactNode;
  /** The confirm button's text ("Yes"). */
  confirmLabel?: string;
  /** The cancel button's text ("Cancel"); it has focus first. */
  cancelLabel?: string;
  /** `danger` for deleting: themes may colour the confirm button. */
  tone?: 'default' | 'danger';
  /** Called when the user confirms. */
  onConfirm: () => void;
  /** Called on Cancel or Escape. */
  onCancel: () => void;
}

/**
 * A yes-or-no question in an `alertdialog` ("Do you want delete campaign?" / "You won't be able to
 * revert this!"). Focus starts on Cancel, the safe answer; Escape cancels.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  tone = 'default',
  onConfirm,
  onCancel,
  ...props
}: ConfirmDialogProps) {
  return (
    <Dialog
      {...props}
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
