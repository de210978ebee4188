import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { dialog } from './dialog.css.ts';

/**
 * A modal dialog (react-aria): focus moves in and is trapped, Escape and an outside click close
 * it, the title names it. Open state is the caller's.
 */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  size = 'md',
}: {
  title: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
  /** `xl`: a form beside its preview (the template picker). */
  size?: 'md' | 'lg' | 'xl';
}) {
  return (
    <ModalOverlay className={dialog.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={dialog.modal({ size })}>
        <Dialog className={dialog.body}>
          <Heading slot="title" className={dialog.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
