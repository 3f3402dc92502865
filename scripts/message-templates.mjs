#!/usr/bin/env node
/**
 * The WhatsApp templates to register with Meta (WhatsApp Manager, or the Message Templates API),
 * printed from the contract's catalog (packages/contract/src/messageTemplates.ts), the one home of
 * their words: name, language, category, body and an example for each placeholder (Meta requires
 * them). `--json` prints the Message Templates API's request bodies instead, one a line, for
 * `POST /{WABA-ID}/message_templates`.
 */
import { tsImport } from 'tsx/esm/api';

const { templatesToRegister } = await tsImport('../packages/contract/src/messageTemplates.ts', import.meta.url);
const templates = templatesToRegister();

if (process.argv.includes('--json')) {
  for (const t of templates) console.log(JSON.stringify({ name: t.name, language: t.language, category: t.category, components: t.components }));
} else {
  for (const t of templates) {
    console.log(`${t.name}  (language ${t.language}, category ${t.category})`);
    console.log(`  body:     ${t.body}`);
    // An authentication template's words are Meta's: it is registered with options, not with text.
    if (t.category === 'AUTHENTICATION')
      console.log("            (Meta's fixed words: registered with the security recommendation, the code's expiry and a copy-code button)");
    t.params.forEach((param, i) => console.log(`  {{${i + 1}}} ${param}: ${t.examples[i]}`));
    console.log('');
  }
  console.log(`${templates.length} templates. Register each under its name, in English (en); --json prints the API's request bodies.`);
}
