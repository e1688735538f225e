/**
 * A handwritten-signature image (Person/saveSignature, flow_events.detail.signature): the stored
 * attachment `fileId` fetched once through File/download (which needs the session, hence no plain URL) and
 * shown from an object URL kept for the page's life, so a log with the same signature many times loads it once.
 * Shows nothing while loading or when the file cannot be read.
 */
import { useEffect, useState } from 'react';
import { files } from '../../data/api';

const urls = new Map<string, Promise<string | null>>();

/** The object URL of attachment `fileId` (one download per id and page life; null when it failed). */
export function signatureUrl(fileId: string): Promise<string | null> {
  let u = urls.get(fileId);
  if (!u) {
    u = files.download(fileId).then(
      (f) => URL.createObjectURL(f.blob),
      () => {
        urls.delete(fileId);
        return null;
      },
    );
    urls.set(fileId, u);
  }
  return u;
}

export interface SignatureImageProps {
  fileId: string;
  /** Alternative text (whose signature). */
  alt: string;
  /** Largest height in px (default 48). */
  height?: number;
  testId?: string;
}

/** The signature image (see the module comment). */
export function SignatureImage({ fileId, alt, height = 48, testId }: SignatureImageProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void signatureUrl(fileId).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [fileId]);
  if (!src) return null;
  return <img className="oa-signature-image" src={src} alt={alt} style={{ maxHeight: height, maxWidth: '100%' }} data-testid={testId} />;
}
