// Reads one line from the terminal without echoing it (a password).
export function readSecretLine(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(prompt);
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding('utf8');
    let line = '';
    const done = (value: string | Error) => {
      input.setRawMode?.(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return done(line);
        if (character === '\u0003') return done(new Error('Cancelled'));
        if (character === '\u007f' || character === '\b') line = line.slice(0, -1);
        else line += character;
      }
    };
    input.on('data', onData);
  });
}
