/**
 * The tiny subset of CEL the embedded executor evaluates: concurrency keys such as
 * `event.data.userId`, and trigger expressions such as the one the SDK generates for
 * onFailure handlers, `event.data.function_id == 'storelens-analyze'`.
 *
 * Grammar: operand ((== | !=) operand)? joined by &&; operand = a dotted path from
 * `event` or a '…' / "…" string, number, true, false or null literal.
 * Anything else throws UnsupportedExpressionError (callers decide how to degrade).
 */
export class UnsupportedExpressionError extends Error {
  constructor(expression: string) {
    super(`unsupported expression (embedded executor evaluates only paths, literals, ==, != and &&): ${expression}`);
    this.name = "UnsupportedExpressionError";
  }
}

type Scope = Record<string, unknown>;

function operand(text: string, scope: Scope, whole: string): unknown {
  const t = text.trim();
  const quoted = /^'(.*)'$/.exec(t) ?? /^"(.*)"$/.exec(t);
  if (quoted) return quoted[1];
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t === "true" || t === "false") return t === "true";
  if (t === "null") return null;
  if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(t)) throw new UnsupportedExpressionError(whole);

  return t.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], scope);
}

/** Value of an operand expression (a concurrency key). */
export function evaluateValue(expression: string, scope: Scope): unknown {
  return operand(expression, scope, expression);
}

/** Truth of a boolean expression (a trigger `if`). */
export function evaluateCondition(expression: string, scope: Scope): boolean {
  if (/\|\||[<>()!](?!=)/.test(expression)) throw new UnsupportedExpressionError(expression);

  return expression.split("&&").every((clause) => {
    const cmp = /^(.*?)(==|!=)(.*)$/.exec(clause);
    if (!cmp) return Boolean(operand(clause, scope, expression));
    const equal = JSON.stringify(operand(cmp[1]!, scope, expression)) === JSON.stringify(operand(cmp[3]!, scope, expression));

    return cmp[2] === "==" ? equal : !equal;
  });
}
