import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './config';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigContext provider (ShellApp sets one).');
  return config;
}
