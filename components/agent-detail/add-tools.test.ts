import { describe, expect, it } from 'vitest';
import { addedMessage } from './add-tools';

describe('addedMessage', () => {
  it('names a few tools and says which wait for settings', () => {
    expect(addedMessage({ added: ['todo_read', 'todo_write'], needSettings: ['fs_read_file'], failed: [] })).toBe(
      'Assigned todo_read, todo_write. Fill in the settings of fs_read_file to assign it.',
    );
  });

  it('counts many tools instead of naming them, and names failures', () => {
    const added = Array.from({ length: 200 }, (_, i) => `tool_${i}`);
    expect(addedMessage({ added, needSettings: [], failed: ['x (The server could not be reached.)'] })).toBe(
      'Assigned 200 tools. Could not add x (The server could not be reached.).',
    );
  });
});
