// The API alone (`npm start -w apps/api`; `npm run dev -w apps/api` with PORT=3001 beside the Vite dev server):
// every /api route and /media, without the storefront. `npm start` at the root serves both on one port.
import { bootApi, closeOnSignals, startOrExplain, warnIfDevelopment } from './boot.ts';

const { app, config } = await startOrExplain(() =>
  bootApi({
    // EPAY_MODE=simulator (development): the project's ePay simulator from tools/, loaded only in that mode.
    epaySimulator: async (epay, log) =>
      (await import('@kiim/tools/epay-simulator/start')).startEpaySimulator(epay, log),
    webkassaSimulator: async (fiscal, seller) =>
      (await import('@kiim/tools/webkassa-simulator/start')).startWebkassaSimulator(fiscal, seller),
    kaspiSimulator: async (kaspi) =>
      (await import('@kiim/tools/kaspi-simulator/start')).startKaspiSimulator(kaspi),
    cdekSimulator: async (cdek) =>
      (await import('@kiim/tools/cdek-simulator/start')).startCdekSimulator(cdek),
    kaspiShopSimulator: async (shop) =>
      (await import('@kiim/tools/kaspi-simulator/merchant-start')).startKaspiShopSimulator(shop),
  }),
);
closeOnSignals(app);
await startOrExplain(() => app.listen({ host: config.host, port: config.port }), config);
warnIfDevelopment(app);
