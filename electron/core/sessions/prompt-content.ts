/**
 * A prompt's content blocks from what the user typed and attached, as the agent's
 * `promptCapabilities` allow (ACP "Content"): text always; a mentioned file as `resource_link`, or as an
 * embedded `resource` with its text where `embeddedContext` is advertised; images only where `image` is;
 * long pasted text as an embedded resource, or as plain text where embedding is not advertised.
 */
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PromptAttachment } from '../../../shared/bridge';
import type { AgentCapabilitiesView } from '../../../shared/views/agents';
import { MAX_IMAGE_BYTES } from '../../../shared/prompt-limits';
import { readTextFileWithin } from './file-access';
import { stat } from 'node:fs/promises';

/** Bytes of one file embedded as a `resource`: larger files are sent as a link, which the agent reads itself. */
export const MAX_EMBEDDED_FILE_BYTES = 256 * 1024;

/** The blocks, and the names of what was attached (for the transcript). */
export interface PromptContent {
  blocks: ContentBlock[];
  attachmentNames: string[];
}

/**
 * Builds the prompt. Mentioned paths are relative to `cwd` and must stay inside it.
 * @throws Error with a plain sentence when an attachment cannot be sent (nothing is sent then).
 */
export async function buildPrompt(cwd: string, text: string, attachments: readonly PromptAttachment[], caps: AgentCapabilitiesView['prompt']): Promise<PromptContent> {
  const blocks: ContentBlock[] = [];
  const attachmentNames: string[] = [];
  if (text.trim() !== '') blocks.push({ type: 'text', text });
  let pasted = 0;
  for (const attachment of attachments) {
    switch (attachment.type) {
      case 'file': {
        const absolute = resolve(cwd, attachment.path);
        const inside = relative(cwd, absolute);
        if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`${attachment.path} is not inside the session's folder.`);
        const name = basename(attachment.path);
        const uri = pathToFileURL(absolute).href;
        // readTextFileWithin refuses paths that leave the folder (links followed) and missing files.
        const size = await fileSize(absolute, attachment.path);
        if (caps.embeddedContext && size <= MAX_EMBEDDED_FILE_BYTES) {
          const content = await readTextFileWithin(cwd, absolute).catch(() => {
            throw new Error(`${attachment.path} cannot be read from the session's folder.`);
          });
          blocks.push({ type: 'resource', resource: { uri, text: content, mimeType: 'text/plain' } });
        } else {
          blocks.push({ type: 'resource_link', uri, name, size });
        }
        attachmentNames.push(`@${attachment.path}`);
        break;
      }
      case 'image': {
        if (!caps.image) throw new Error('This agent does not take images.');
        const bytes = Math.floor((attachment.data.length * 3) / 4);
        if (bytes > MAX_IMAGE_BYTES) throw new Error(`${attachment.name || 'The image'} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
        blocks.push({ type: 'image', mimeType: attachment.mimeType, data: attachment.data });
        attachmentNames.push(attachment.name || 'image');
        break;
      }
      case 'text': {
        pasted += 1;
        const name = attachment.name || `pasted-${pasted}.txt`;
        blocks.push(
          caps.embeddedContext
            ? { type: 'resource', resource: { uri: `untitled:${encodeURIComponent(name)}`, text: attachment.text, mimeType: 'text/plain' } }
            : { type: 'text', text: attachment.text },
        );
        attachmentNames.push(name);
        break;
      }
    }
  }
  if (blocks.length === 0) throw new Error('Type a message or attach something first.');
  return { blocks, attachmentNames };
}

async function fileSize(absolute: string, shown: string): Promise<number> {
  try {
    const info = await stat(absolute);
    if (!info.isFile()) throw new Error('not a file');
    return info.size;
  } catch {
    throw new Error(`${shown} is not a file in the session's folder.`);
  }
}
