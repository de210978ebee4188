import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acts } from './acts.ts';

describe('the act contract', () => {
  it('gives every project act (member or permission) a required `key`, which the server checks', () => {
    const projectActs = Object.entries(acts).filter(
      ([, definition]) => definition.access !== 'public' && definition.access !== 'user',
    );
    expect(projectActs.map(([name]) => name)).toContain('project_get');
    for (const [name, definition] of projectActs) {
      const json = z.toJSONSchema(definition.input, { io: 'input', unrepresentable: 'any' }) as {
        required?: string[];
      };
      expect(json.required ?? [], name).toContain('key');
    }
  });
});
