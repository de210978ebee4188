/** The players' and viewer's icons (decorative: the control around them carries the name). */
import { Svg } from '../components/icons.tsx';

export const PlayIcon = ({ size = 16 }: { size?: number }) => (
  <Svg size={size}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Svg>
);
export const PauseIcon = ({ size = 16 }: { size?: number }) => (
  <Svg size={size}>
    <path d="M8 5v14M16 5v14" />
  </Svg>
);
export const ZoomInIcon = () => (
  <Svg size={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="M16.5 16.5L21 21M8 11h6M11 8v6" />
  </Svg>
);
export const ZoomOutIcon = () => (
  <Svg size={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="M16.5 16.5L21 21M8 11h6" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg size={18}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
