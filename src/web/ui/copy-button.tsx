import { useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS } from '../../contracts/coupons';
import { reportClientFailure } from '../features/client-log';

/**
 * Copies `text` to the clipboard; the button is replaced by `copiedLabel` for 3 seconds (SPEC §4:
 * idle → copied → idle). A refused copy is logged on the server (SPEC §8) and the button stays.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  className,
}: {
  text: string;
  label: React.ReactNode;
  copiedLabel: string;
  className: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (err) {
      reportClientFailure('clipboard_copy_failed', err);
    }
  }

  // The button stays in place (so keyboard focus is not lost); only its text changes while copied.
  return (
    <>
      <button type="button" onClick={copied ? undefined : copy} aria-disabled={copied} className={className}>
        {copied ? copiedLabel : label}
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}
