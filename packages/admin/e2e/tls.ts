import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a journey's HTTPS receiver finds its key and certificate, and the server the authority that signed them. */
export interface TestTls {
  dir: string;
  ca: string;
  key: string;
  cert: string;
}

/**
 * A certificate authority of this run and a certificate it signs for 127.0.0.1, made by Debian's
 * OpenSSL: a journey's webhook receiver serves HTTPS with it, and the server trusts that authority
 * (NODE_EXTRA_CA_CERTS), as a company's receiver with its own CA would be trusted. Webhooks then go
 * to a real `https://` URL, as in production, with no exception in the server for tests.
 */
export function makeTestTls(dir: string): TestTls {
  mkdirSync(dir, { recursive: true });
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Lead journeys CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  openssl('req', ...ec, '-keyout', at('key.pem'), '-out', at('receiver.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(
    at('receiver.ext'),
    'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    at('receiver.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    at('receiver.ext'),
    '-out',
    at('cert.pem'),
  );
  return { dir, ca: at('ca.pem'), key: at('key.pem'), cert: at('cert.pem') };
}
