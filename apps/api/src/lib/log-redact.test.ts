import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializer } from './log-redact.ts';

describe('redactUrl', () => {
  it('removes customer tokens from the addresses of spec §7 and leaves the rest', () => {
    expect(redactUrl('/api/cart/get-by-customer-token/abc_DEF-123/1')).toBe(
      '/api/cart/get-by-customer-token/[redacted]/1',
    );
    expect(redactUrl('/api/wishlist/item?uuid=u&token=secret&externalId=KM-1')).toBe(
      '/api/wishlist/item?uuid=u&token=[redacted]&externalId=KM-1',
    );
    expect(redactUrl('/api/wishlist/item?token=secret')).toBe('/api/wishlist/item?token=[redacted]');
    expect(redactUrl('/api/wishlist/get-by-customer-token/1')).toBe('/api/wishlist/get-by-customer-token/1');
    expect(redactUrl('/api/catalog/products?sort=price-asc')).toBe('/api/catalog/products?sort=price-asc');
  });

  it('also catches percent-encoded and doubled forms the router still routes (issue 11 §10)', () => {
    for (const url of [
      '/api/cart/get%2Dby%2Dcustomer%2Dtoken/SECRETtok/1',
      '/api/cart/GET-BY-CUSTOMER-TOKEN/SECRETtok/1',
      '/api/cart//get-by-customer-token/SECRETtok/1',
      '/api/%63art/get-by-customer-token/SECRETtok',
      '/api/wishlist/item?%74oken=SECRETtok',
      '/api/wishlist/item?uuid=u&%74%6F%6B%65%6E=SECRETtok&x=%E0%A4%A',
      '/api/wishlist/item?a=%ZZ&token=SECRETtok',
    ]) {
      expect(redactUrl(url)).not.toContain('SECRETtok');
      expect(redactUrl(url)).toContain('[redacted]');
    }
  });

  it('the request serializer keeps Fastify’s fields', () => {
    expect(
      requestLogSerializer({
        method: 'GET',
        url: '/api/cart/get-by-customer-token/t/1',
        host: 'h',
        ip: '1.2.3.4',
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/cart/get-by-customer-token/[redacted]/1',
      host: 'h',
      remoteAddress: '1.2.3.4',
      remotePort: 5,
    });
  });
});

describe('request logs of Fastify with the serializer', () => {
  it('never hold the token of a get-by-customer-token address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestLogSerializer } } });
    app.get('/api/cart/get-by-customer-token/:token/:cityId', async () => ({ data: null }));
    await app.inject({ method: 'GET', url: '/api/cart/get-by-customer-token/s3cr3t-token/1' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/cart/get-by-customer-token/[redacted]/1');
    expect(log).not.toContain('s3cr3t-token');
  });
});
