/** `--name=<integer>` from the command line, else the fallback; anything below `min` is refused. */
export function argValue(name: string, fallback: number, min = 1): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}`);

  return value;
}
