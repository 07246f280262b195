// The bench's SMS gateway (issue 14): the order flow sends the «order accepted» SMS right after commit, in the
// background while the shopper's answer goes out (decision 023), so the bench gives the shop a gateway that answers
// like the real one instead of a closed port (each refused send was logged with its stack trace, ≈ 0.45 ms of CPU, and retried
// by the outbox). It is the tools workspace's simulator of SMSC.kz and Mobizon (tools/sms-gateway), in a process of
// its own so that its work is not counted in the shop's nor in the bench's own timings. PORT: its loopback port;
// the credentials are the bench's (`bench`/`bench`, run.ts PRODUCTION_SETTINGS). Requests are not kept.
import { startGatewaySim } from '@kiim/tools/sms-gateway';

const sim = await startGatewaySim(
  { mobizonKey: 'bench', smscLogin: 'bench', smscPassword: 'bench' },
  { port: Number(process.env.PORT ?? 0), record: false },
);
process.once('SIGTERM', () => void sim.close().then(() => process.exit(0)));
