/** The cookies a browser would keep between requests to Auth.js route handlers. */
export class CookieJar {
  private readonly jar = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** A cookie the browser holds from elsewhere (an old or tampered one). */
  set(name: string, value: string) {
    this.jar.set(name, value);
  }

  get(name: string) {
    return this.jar.get(name);
  }

  header() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
