/**
 * Backups encrypted with a key the host keeps apart (docs/decisions/0068): with
 * BACKUP_ENCRYPTION_KEY (an age recipient, `age1…`) the zip is streamed through age as it is
 * written, a standard age file (`age -d -i key.txt` opens it), named `.zip.age`. Only the
 * recipient is on the server: the identity that decrypts (`AGE-SECRET-KEY-1…`) is given to
 * `npm run restore` alone. age works in 64 KiB chunks, so memory stays flat however large the file.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupRefused } from './read-backup.ts';

export const ENCRYPTED_SUFFIX = '.age';
const AGE_HEADER = Buffer.from('age-encryption.org/v1\n');

type WebBytes = ReadableStream<Uint8Array>;
const toWeb = (stream: Readable) => Readable.toWeb(stream) as unknown as WebBytes;
const fromWeb = (stream: WebBytes) => Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);

/** The zip's bytes, encrypted to `recipient` as they come. */
export async function encryptStream(plain: Readable, recipient: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  return fromWeb(await encrypter.encrypt(toWeb(plain)));
}

/** Whether the file is an age file (by its first line, whatever its name). */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await fsp.open(file).catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(AGE_HEADER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(AGE_HEADER);
  } finally {
    await handle.close();
  }
}

/** The identities in a key file or a variable: one per line, `#` comments and blank lines left out. */
export function parseIdentities(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function decrypterFor(identities: string[], file: string): Decrypter {
  if (identities.length === 0)
    throw new BackupRefused(
      `${file} is encrypted: give its key (AGE-SECRET-KEY-1…) with BACKUP_DECRYPTION_KEY or --key-file FILE, or run npm run restore on a terminal to be asked. Nothing was changed.`,
    );
  const decrypter = new Decrypter();
  for (const identity of identities) {
    try {
      decrypter.addIdentity(identity);
    } catch {
      throw new BackupRefused(`The key given to decrypt ${file} is not an age identity (AGE-SECRET-KEY-1…). Nothing was changed.`);
    }
  }
  return decrypter;
}

/**
 * Opens an encrypted backup: a wrong key is refused from the file's header, before anything is
 * written. `write` is then handed the decrypted bytes (a stream: nothing is held whole).
 */
export async function decryptBackup(file: string, identities: string[], write: (plain: Readable) => Promise<void>): Promise<void> {
  const decrypter = decrypterFor(identities, file);
  let plain: Readable;
  try {
    plain = fromWeb(await decrypter.decrypt(toWeb(fs.createReadStream(file))));
  } catch (error) {
    const message = (error as Error).message;
    if (/no identity matched/i.test(message))
      throw new BackupRefused(`${file} is encrypted to another key: the key given does not open it. Nothing was changed.`);
    throw new BackupRefused(`${file} is not a readable age file (${message}). Nothing was changed.`);
  }
  try {
    await write(plain);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`${file} is damaged: it cannot be decrypted whole (${(error as Error).message}). Nothing was changed.`);
  }
}
