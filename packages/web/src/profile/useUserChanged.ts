import type { User } from '@sapa/sdk';
import { useRuntime } from '../RuntimeProvider.tsx';

/** Makes a user a profile act answered the session's (the header, the preferences follow). */
export function useUserChanged(): (user: User) => void {
  const { session } = useRuntime();
  return (user) => session.send({ type: 'session.userChanged', user });
}
