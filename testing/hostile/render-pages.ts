/**
 * Home pages a hostile store can serve to the render step (lib/render/): each must end the render
 * with its code while the job completes. `/never` is a path the serving test holds open for good.
 */
export const hostileRenderPages = {
  /** An image whose answer never comes: `load` never fires. */
  neverLoads: `<!doctype html><html><body><h1>Loading…</h1><img src="/never"></body></html>`,
  /** The page's thread never returns: nothing else it does can run. */
  hangs: `<!doctype html><html><body><h1>Busy</h1><script>for (;;) {}</script></body></html>`,
  /** Loopback, a private network and the cloud metadata address, asked for from markup and script. */
  privateAddresses: `<!doctype html><html><body><h1>Look inside</h1>
<img src="http://127.0.0.1:9/x.png">
<script src="http://10.0.0.1/x.js"></script>
<script>fetch("http://169.254.169.254/latest/meta-data/").catch(function () {});</script>
</body></html>`,
  /** Pop-ups on load, one by window.open and one by a scripted click on a target=_blank link. */
  popups: `<!doctype html><html><body><h1>Offers</h1><a id="o" href="/other" target="_blank">offer</a>
<script>window.open("/popup"); document.getElementById("o").click();</script></body></html>`,
  /** Allocates until something stops it. */
  allocates: `<!doctype html><html><body><h1>Growing</h1>
<script>var kept = []; for (;;) { kept.push(new Array(1e6).fill(Math.random())); }</script></body></html>`,
} as const;

export type HostileRenderPage = keyof typeof hostileRenderPages;
