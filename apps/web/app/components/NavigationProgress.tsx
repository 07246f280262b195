import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '../lib/text.ts';

/** How long a navigation runs before the loading indicator shows, ms: quick ones never flash it. */
const SLOW_NAVIGATION_MS = 400;

/**
 * A thin progress bar at the top of the window while a navigation that takes long (over 400 ms) loads its page;
 * announced to screen readers as a progress bar.
 */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  const key = navigation.state === 'idle' ? null : (navigation.location?.key ?? navigation.state);
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setSlowKey(key), SLOW_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [key]);
  if (!key || slowKey !== key) return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-label={t('ui.loading')}
      data-testid="nav-progress"
    />
  );
}
