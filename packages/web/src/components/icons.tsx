/** Small line icons (decorative: `aria-hidden`; the control around them carries the name). */
import type { ReactNode } from 'react';
import type { PreviewIcon } from '@sapa/sdk';
import { icon } from './icon.css.ts';

/** A 24×24 line icon drawn in the current colour. */
export function Svg({ children, size = 16 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className={icon}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ClockIcon = () => (
  <Svg size={14}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const CheckIcon = () => (
  <Svg size={14}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);
export const DoubleCheckIcon = () => (
  <Svg size={16}>
    <path d="M2 12.5l4.5 4.5L16 7.5" />
    <path d="M11 16l1 1 9.5-9.5" />
  </Svg>
);
export const AlertIcon = () => (
  <Svg size={14}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.5" />
  </Svg>
);
export const ImageIcon = () => (
  <Svg size={14}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Svg>
);
export const AudioIcon = () => (
  <Svg size={14}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0014 0M12 18v3" />
  </Svg>
);
export const VideoIcon = () => (
  <Svg size={14}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10l5-3v10l-5-3z" />
  </Svg>
);
export const ContactIcon = () => (
  <Svg size={14}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Svg>
);
/** A message template: a speech bubble with lines to fill. */
export const TemplateIcon = () => (
  <Svg size={14}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9h8M8 12h5" />
  </Svg>
);
export const FileIcon = () => (
  <Svg size={14}>
    <path d="M14 3H6a2 2 0 00-2 2v14a2 2 0 002 2h12a2 2 0 002-2V9z" />
    <path d="M14 3v6h6" />
  </Svg>
);
export const PaperclipIcon = () => (
  <Svg size={18}>
    <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.5 3.5 0 015 5l-8.6 8.6a2 2 0 01-2.8-2.8l7.9-7.9" />
  </Svg>
);
export const SendIcon = () => (
  <Svg size={18}>
    <path d="M22 2L11 13M22 2l-7 20-4-9-9-4z" />
  </Svg>
);
export const ReplyIcon = () => (
  <Svg size={14}>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 016 6v4" />
  </Svg>
);
export const ArrowDownIcon = () => (
  <Svg size={14}>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </Svg>
);

/** The glyph of a conversation preview (SPEC.md section 3). */
export function PreviewGlyph({ kind }: { kind: PreviewIcon | null }) {
  switch (kind) {
    case 'image':
      return <ImageIcon />;
    case 'audio':
      return <AudioIcon />;
    case 'video':
      return <VideoIcon />;
    case 'contact':
      return <ContactIcon />;
    case 'file':
      return <FileIcon />;
    default:
      return null;
  }
}
