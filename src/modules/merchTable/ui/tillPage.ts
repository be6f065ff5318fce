/**
 * The till's page: one static document, the same for every link (its script reads the link from
 * the address), so the service worker keeps it once for all. Before the script runs it says that
 * the till is loading; without script it says the till needs it. The sale being rung up sits at
 * the top and stays there while the products scroll under it, so its fields are never under the
 * Cash/Card bar.
 */
export const TILL_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#0b0b10">
<meta name="description" content="The band's merch-table till.">
<title>Merch table</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
:root{color-scheme:dark;--bg:#0b0b10;--panel:#17171f;--line:#2c2c38;--text:#f4f4f7;--muted:#b9b9c6;--accent:#ffd166;--ok:#7ee2a8;--warn:#ff9b85}
*{box-sizing:border-box}
html{scroll-padding-bottom:6.5rem}
body{margin:0;background:var(--bg);color:var(--text);font:18px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:env(safe-area-inset-top) 0 7.5rem}
main{max-width:40rem;margin:0 auto;padding:0 .75rem}
header{padding:.75rem 0 0}
header p{margin:.25rem 0 0}
h1{font-size:1.25rem;margin:0}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
h3{font-size:1rem;margin:0 0 .5rem;color:var(--muted)}
.pill{display:inline-block;padding:.2rem .6rem;border-radius:999px;font-size:.9rem;border:1px solid var(--line)}
.ok{color:var(--ok)}.off{color:var(--warn)}
#show,#waiting{color:var(--muted);font-size:.95rem;min-height:1.4em}
#show{min-height:2.8em;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
#link-message{background:#3a1d17;border:2px solid var(--warn);color:#ffe0d9;padding:.75rem;border-radius:.75rem;margin:.5rem 0}
.product{background:var(--panel);border-radius:.75rem;padding:.75rem;margin:.5rem 0}
#products>p{margin:.5rem 0}
.sizes{display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.5rem}
button,select,input{font:inherit;color:inherit}
button{min-height:3.5rem;border-radius:.75rem;border:2px solid var(--line);background:#23232e;cursor:pointer}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button:disabled{opacity:.45;cursor:not-allowed}
.add{display:flex;flex-direction:column;align-items:center;padding:.4rem}
.add .size{font-weight:700;font-size:1.2rem}.add .price{font-size:.95rem}.add .left{font-size:.85rem;color:var(--muted)}
.add.out{border-color:var(--warn)}.add.out .left{color:var(--warn)}
#cart{position:sticky;top:0;z-index:1;max-height:55vh;overflow-y:auto;background:var(--panel);border-radius:0 0 .75rem .75rem;padding:.25rem .75rem .75rem;margin-top:.5rem;box-shadow:0 .5rem .75rem -.5rem #000}
#cart h2{margin:.25rem 0}
#cart>p{margin:.25rem 0}
#sale-saved{color:var(--ok);font-weight:700}
#cart-lines{list-style:none;margin:0;padding:0}
#cart-lines li{display:grid;grid-template-columns:1fr auto auto;gap:.5rem;align-items:center;padding:.35rem 0;border-bottom:1px solid var(--line)}
.qty{display:flex;align-items:center;gap:.35rem}.qty button{min-width:3rem;min-height:3rem;font-size:1.3rem}
.qty output{min-width:1.5rem;text-align:center}
label{display:block;margin:.5rem 0 .25rem;color:var(--muted)}
select,input{width:100%;min-height:3rem;border-radius:.6rem;border:2px solid var(--line);background:#101018;padding:.4rem .6rem}
#adjust-error{color:var(--warn);min-height:1.4rem;margin:.25rem 0}
.pay{position:fixed;left:0;right:0;bottom:0;background:rgba(11,11,16,.97);border-top:1px solid var(--line);padding:.6rem .75rem calc(.6rem + env(safe-area-inset-bottom))}
.pay div{max-width:40rem;margin:0 auto;display:grid;grid-template-columns:1fr 1fr 1fr;gap:.5rem;align-items:center}
#total{font-size:1.5rem;font-weight:800;text-align:center}
#pay-cash,#pay-card{min-height:4rem;font-size:1.2rem;font-weight:700;background:var(--accent);color:#111;border-color:var(--accent)}
#pay-card{background:#9ad1ff;border-color:#9ad1ff}
#sales{list-style:none;margin:0;padding:0}
.sale{background:var(--panel);border-radius:.75rem;padding:.6rem .75rem;margin:.5rem 0}
.sale-head{display:flex;justify-content:space-between}.sale-items,.sale-state{color:var(--muted);font-size:.95rem}
.voided .sale-head,.voided .sale-items{text-decoration:line-through}
.void{min-height:3rem;margin-top:.4rem;padding:0 1rem}
#download{width:100%;margin:.5rem 0 1rem}
#codes{margin:.5rem 0}#codes h3{color:var(--text)}
.code{margin:.5rem 0;display:grid;justify-items:center;gap:.35rem}
.qr{width:14rem;height:14rem;background:#fff;border-radius:.5rem}.qr svg{width:100%;height:100%;display:block}
.code figcaption{display:grid;justify-items:center;text-align:center}.code strong{font:700 1.4rem/1.3 ui-monospace,monospace;letter-spacing:.05em}
.sale-code{font-family:ui-monospace,monospace;font-size:.95rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
</style>
</head>
<body>
<main id="till" aria-busy="true">
<header><h1>Merch table</h1><p id="show"></p><p><span id="network" class="pill">Starting…</span></p><p id="waiting" role="status">Loading the till…</p></header>
<div id="link-message" role="alert" hidden></div>
<noscript><p>The till needs JavaScript. Turn it on for this site and reload.</p></noscript>
<section id="cart" aria-labelledby="cart-title">
<h2 id="cart-title">This sale</h2>
<p id="sale-saved" hidden></p>
<div id="codes" hidden></div>
<p id="cart-empty">Tap a size to add it.</p>
<ul id="cart-lines"></ul>
<label for="adjust-kind">Discount or comp</label>
<select id="adjust-kind"><option value="none">None</option><option value="discount">Discount</option><option value="comp">Comp (given away)</option></select>
<div id="discount-field" hidden><label for="discount-amount">Discount amount</label><input id="discount-amount" inputmode="decimal" autocomplete="off" placeholder="5.00"></div>
<div id="reason-field" hidden><label for="adjust-reason">Reason</label><input id="adjust-reason" autocomplete="off" maxlength="200"></div>
<p id="adjust-error" role="alert"></p>
</section>
<h2>Products</h2>
<div id="products"><p>Loading the products…</p></div>
<div id="after-load" hidden>
<h2>Tonight's sales</h2>
<p id="sales-empty">No sales yet.</p>
<ul id="sales"></ul>
<button type="button" id="download">Download this phone's sales (CSV)</button>
</div>
<p id="announce" class="visually-hidden" aria-live="polite"></p>
</main>
<div class="pay"><div><output id="total" aria-label="Total">$0.00</output><button type="button" id="pay-cash" disabled>Cash</button><button type="button" id="pay-card" disabled>Card</button></div></div>
<script src="/till/app.js" defer></script>
</body>
</html>
`
