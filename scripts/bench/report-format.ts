/** Small formatters shared by the benchmark report's sections. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const yes = (value: boolean) => (value ? 'holds' : '**does not hold**');

export function table(header: string[], rows: Array<Array<string | number>>): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}
