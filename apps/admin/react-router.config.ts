import type { Config } from '@react-router/dev/config';

// The back office is a single-page app (docs/decisions/014): built to static files under /admin, served by the shop's
// one-port server (apps/web/server.ts); its data comes from /api/admin, so no page is rendered on the server.
export default { ssr: false, basename: '/admin', appDirectory: 'app' } satisfies Config;
