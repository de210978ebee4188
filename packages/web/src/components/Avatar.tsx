/**
 * A user's avatar (SPEC.md sections 2 and 9): their picture, or the initials of their name when
 * they have none or it fails to load. Decorative by default (the control around it names the
 * user); pass `label` to make it an image of its own.
 */
import { useState } from 'react';
import { initials } from '@sapa/sdk';
import { avatar, image } from './avatar.css.ts';

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}

export function Avatar({ name, src = null, size = 'md', label }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  const named = label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <span className={avatar({ size })} {...named} data-testid="avatar">
      {showImage ? (
        <img className={image} src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        initials(name) || '?'
      )}
    </span>
  );
}
