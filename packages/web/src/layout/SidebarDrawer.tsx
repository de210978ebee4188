/**
 * The sidebar on phones (below 768px): the header's menu button opens it as a modal drawer
 * (react-aria: focus moves in and stays, Escape or a tap outside closes it, focus returns to
 * the button); following a link closes it.
 */
import { useState } from 'react';
import { Button as AriaButton, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Svg } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { SidebarNav, useOpenProject } from './ProjectSidebar.tsx';
import * as css from './frame.css.ts';

const MenuIcon = () => (
  <Svg size={22}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export function SidebarDrawer() {
  const t = useT();
  const project = useOpenProject();
  const [open, setOpen] = useState(false);
  if (project === null) return null;
  const close = () => setOpen(false);
  return (
    <>
      <AriaButton
        className={css.menuButton}
        aria-label={t('sidebar.open')}
        aria-expanded={open}
        onPress={() => setOpen(true)}
      >
        <MenuIcon />
      </AriaButton>
      <ModalOverlay className={css.drawerOverlay} isOpen={open} onOpenChange={setOpen} isDismissable>
        <Modal className={css.drawer}>
          <Dialog aria-label={t('sidebar.label', { name: project.name })} className={css.nav}>
            <div className={css.drawerHead}>
              <span className={css.brand}>Sapa</span>
              <AriaButton className={css.iconButton} aria-label={t('sidebar.close')} onPress={close}>
                ×
              </AriaButton>
            </div>
            <SidebarNav project={project} onNavigate={close} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
