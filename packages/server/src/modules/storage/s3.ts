/**
 * The S3 driver of the object store (objects.ts): complete media files in a bucket of AWS S3 or of an
 * S3-compatible server, for installations with several server processes or more video than one disk
 * holds. Files still arrive in the local staging area; only complete, verified ones are uploaded, and
 * S3 makes an object visible only once its upload has completed, so no reader sees part of one.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3MediaStorage } from '../../config';
import { assertKey, ObjectMissingError, type ByteRange, type ObjectStore } from './objects';

/** Parts of a multipart upload; S3 takes at most 10,000, so files over 80 GB get larger ones. */
const MIN_PART_BYTES = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** Why a bucket cannot be used, by the status HeadBucket answers (it has no body to say it). */
const BUCKET_FAILURES: Record<number, string> = {
  301: 'the bucket is in another region than MEDIA_S3_REGION',
  403: 'these credentials may not use it',
  404: 'there is no such bucket',
};

export class S3ObjectStore implements ObjectStore {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string | undefined;
  /** Where the bucket is, for messages. */
  private readonly location: string;

  constructor(settings: S3MediaStorage) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.location = settings.endpoint ?? `AWS S3 (${settings.region})`;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Since early 2025 the SDK adds CRC32 checksums to every upload (for streamed bodies as trailers
      // of an aws-chunked body) and checks them on downloads; many S3-compatible servers refuse or
      // mishandle those. Against AWS itself the defaults stay. Integrity does not rest on them: every
      // file was checked against its sha256 before it is put here.
      ...(settings.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  /** The object's name in the bucket. */
  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async putFile(localPath: string, key: string, contentType: string): Promise<void> {
    if ((await this.size(key)) === undefined) {
      const { size } = await stat(localPath);
      await new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: createReadStream(localPath),
          ContentType: contentType,
        },
        partSize: Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS)),
      }).done();
    }
    await rm(localPath, { force: true });
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.ContentLength;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new ObjectMissingError(key);
      throw error;
    }
    if (!(answer.Body instanceof Readable)) throw new Error(`no body in the storage's answer for ${key}`);
    return range ? askedRange(answer.Body, answer.ContentRange, range, key) : answer.Body;
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  localPath(): undefined {
    return undefined;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const why = (status && BUCKET_FAILURES[status]) ?? (error as Error).message;
      throw new Error(`cannot use the S3 bucket ${this.bucket} at ${this.location}: ${why}`, { cause: error });
    }
  }
}

/** No such object (GetObject says NoSuchKey; HeadObject, without a body, only NotFound). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/**
 * Exactly the asked bytes of a range answer. Callers have promised their own clients these bytes, but
 * S3-compatible servers differ: some send more than asked (s3rver reads `bytes=0-0` as "from 0 to the
 * end"; a server that ignores Range sends the whole object). A longer answer from the asked byte on is
 * cut short; one that starts elsewhere is an error.
 */
function askedRange(body: Readable, contentRange: string | undefined, range: ByteRange, key: string): Readable {
  const answered = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  const start = answered ? Number(answered[1]) : 0;
  const end = answered ? Number(answered[2]) : Infinity;
  if (start !== range.start) {
    body.destroy();
    throw new Error(`the storage answered ${key} from byte ${start}, not ${range.start} as asked`);
  }
  return end > range.end ? Readable.from(firstBytes(body, range.end - range.start + 1), { objectMode: false }) : body;
}

async function* firstBytes(body: Readable, count: number): AsyncGenerator<Buffer> {
  let left = count;
  // Leaving the loop early destroys the body, which closes the connection instead of draining it.
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    if (bytes.length >= left) {
      yield bytes.subarray(0, left);
      return;
    }
    left -= bytes.length;
    yield bytes;
  }
}
