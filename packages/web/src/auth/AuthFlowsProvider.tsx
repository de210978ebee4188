import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthFlows, AuthFlowsSnapshot } from './authFlows.ts';

const AuthFlowsContext = createContext<AuthFlows | null>(null);

export function AuthFlowsProvider({ flows, children }: { flows: AuthFlows; children: ReactNode }) {
  return <AuthFlowsContext.Provider value={flows}>{children}</AuthFlowsContext.Provider>;
}

export function useAuthFlows(): AuthFlowsSnapshot {
  const flows = useContext(AuthFlowsContext);
  if (!flows) throw new Error('useAuthFlows needs an <AuthFlowsProvider>');
  return useSyncExternalStore(flows.subscribe, flows.getSnapshot);
}
