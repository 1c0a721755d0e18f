import { Button } from '@lead/headless/Button';
import { useState } from 'react';
import { dismissSecret } from '../settings/delivery.store.js';
import * as st from '../settings/settings.css.js';

/** A webhook's secret, shown once (after it is added, or its secret rotated): copyable, with a plain warning. */
export function SecretOnce({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="secret-title" role="status" className={st.secretBox}>
      <h2 id="secret-title">Signing secret of {name}</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> The receiver verifies each webhook with it (Standard
        Webhooks).
      </p>
      <code aria-label="Signing secret" className={st.secretValue}>
        {secret}
      </code>
      <div className={st.toolbar}>
        <Button
          onPress={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button onPress={dismissSecret}>I have copied it</Button>
      </div>
    </section>
  );
}
