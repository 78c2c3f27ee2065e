import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailOutboxRow } from '../db/schema';
import type { MailTransport } from './transport';

/** `20261123T101500123Z-0000000042.eml`: the queue time, then the outbox id, so names sort oldest first. */
export function emlFileName(row: Pick<MailOutboxRow, 'id' | 'createdAt'>): string {
  const stamp = row.createdAt.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${String(row.id).padStart(10, '0')}.eml`;
}

/**
 * The file driver, used when SMTP_URL is unset: every message is written to `dir` (DATA_DIR/mail)
 * as a standard .eml file (first under a temporary name, then renamed, so a reader never sees half
 * a message), and its links are printed in the log at info, for an operator to click.
 */
export function createEmlTransport(dir: string): MailTransport {
  return {
    description: `files in ${dir}`,
    async deliver(row, raw, log) {
      await fs.mkdir(dir, { recursive: true });
      const name = emlFileName(row);
      const file = path.join(dir, name);
      const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
      try {
        await fs.writeFile(temp, raw, { flag: 'w' });
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
      log.info({ to: row.toAddress, subject: row.subject, links: row.links, file }, 'mail written');
    },
  };
}
