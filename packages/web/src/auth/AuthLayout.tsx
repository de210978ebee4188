import type { ReactNode } from 'react';
import { PreferenceControls } from '../components/PreferenceControls.tsx';
import * as css from '../layout/layout.css.ts';

/** The frame of every /auth page: one card, with the theme and language switches. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className={css.authPage}>
      <div className={css.authTopBar}>
        <PreferenceControls />
      </div>
      <section className={css.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={css.title}>
          {title}
        </h1>
        {subtitle ? <p className={css.subtitle}>{subtitle}</p> : null}
        {children}
      </section>
    </main>
  );
}

/** A failure of the whole form (not of one field), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={css.formError}>
      {message}
    </p>
  );
}
