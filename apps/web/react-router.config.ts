import type { Config } from '@react-router/dev/config';

// Server-side rendering for every route of spec §2.
export default { ssr: true, appDirectory: 'app', future: { v8_middleware: true } } satisfies Config;
