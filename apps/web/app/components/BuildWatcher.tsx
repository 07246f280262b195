import { useEffect } from 'react';
import { watchBuilds } from '../lib/new-build.ts';

/** Watches for a newer build and guards navigations against missing script parts (lib/new-build.ts). */
export function BuildWatcher() {
  useEffect(() => watchBuilds(), []);
  return null;
}
