import { describe, expect, it } from 'vitest';
import { addedMessage, failedMessage } from './add-tools';

describe('addedMessage', () => {
  it('names a few tools and says which wait for settings', () => {
    expect(addedMessage({ added: ['todo_read', 'todo_write'], needSettings: ['fs_read_file'], alreadyAssigned: ['word_count'], failed: [] })).toBe(
      'Assigned todo_read, todo_write. Fill in the settings of fs_read_file to assign it. Someone else assigned word_count meanwhile; it is listed with their settings.',
    );
  });

  it('counts many tools instead of naming them, and tells failures apart', () => {
    const added = Array.from({ length: 200 }, (_, i) => `tool_${i}`);
    const result = { added, needSettings: [], alreadyAssigned: [], failed: ['x (The server could not be reached.)'] };

    expect(addedMessage(result)).toBe('Assigned 200 tools.');
    expect(failedMessage(result)).toBe('Could not add x (The server could not be reached.).');
  });
});
