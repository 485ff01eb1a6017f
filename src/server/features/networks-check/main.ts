import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createStorage } from '../../adapters/storage/create-storage.ts';
import { createSocialClients } from '../../adapters/social-clients.ts';
import { createAppSandbox } from '../../compose.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { systemClock } from '../../lib/clock.ts';
import { checkNetworks } from './check-networks.ts';
import { printReport } from './print-report.ts';

/**
 * `npm run check:networks`: the administrator's network check (the admin page's, in English) with the
 * configuration `npm start` would use. A network without credentials is checked against a copy of the
 * app's sandbox, in memory on a loopback port of its own. Exits 1 when a check fails.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const sandbox = createAppSandbox(config, { inMemory: true });
  const server = sandbox ? Fastify({ logger: false }) : undefined;
  let sandboxUrl = config.publicUrl;
  if (sandbox && server) {
    await server.register(sandbox.plugin, { prefix: sandbox.prefix });
    await server.listen({ port: 0, host: '127.0.0.1' });
    sandboxUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    sandbox.setPublicUrl(sandboxUrl);
  }
  try {
    const clients = createSocialClients({ social: config.social, publicUrl: sandboxUrl, internalUrl: sandboxUrl, sandbox });
    const storage = await createStorage(config.storage, config.publicUrl);
    // A command of its own, outside the app's composition: the machine's clock.
    const report = await checkNetworks({ publicUrl: config.publicUrl, ...clients, storage, now: systemClock });
    console.log(printReport(report));
    return report.status === 'failure' ? 1 : 0;
  } finally {
    await server?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
