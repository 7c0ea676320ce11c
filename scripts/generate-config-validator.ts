/** `node --import tsx scripts/generate-config-validator.ts`: writes the agents config validator (see its source module). */
import { readFileSync, writeFileSync } from 'node:fs';
import { agentsConfigValidatorSource, CONFIG_VALIDATOR_PATH } from './config-validator-source';

const source = agentsConfigValidatorSource();
let current = '';
try {
  current = readFileSync(CONFIG_VALIDATOR_PATH, 'utf8');
} catch {
  // not generated yet
}
// Written only when it changed, so a build does not touch a committed file for nothing.
if (current !== source) writeFileSync(CONFIG_VALIDATOR_PATH, source);
