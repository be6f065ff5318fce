/** Id of the data block naming the islands module and the chunks it imports at once (an IslandsManifest). */
export const ISLANDS_MANIFEST_ELEMENT_ID = 'islands-manifest'

/** The `localStorage` key under which the loader notes that this browser has the web font. */
const WEB_FONT_KEY = 'web-font'

/**
 * The inline script that, once the page has painted its first content, requests the islands module
 * (and the chunks it imports at once) and the web font <html> names (`data-web-font`, a CSS font
 * shorthand): the page reads fine without them, and on a slow connection they must not compete with
 * the stylesheet for the first view.
 *
 * The page's text shows in fallbacks of the web font's size until `web-fonts` is on <html>. A
 * browser that has not had the web font yet keeps them for the whole visit: the font is only
 * downloaded, into the browser's cache, and noted in `localStorage` once it is there. Switching to
 * it mid-visit would lay all the text out again, the longest task a phone runs on this page. A
 * browser that has had it (the note names the same font) gets `web-fonts` as soon as this script
 * runs, so its text shows in the web font, from the cache. A browser without storage stays with the
 * fallbacks.
 * Where no first paint can be observed (a browser without paint timing, a page opened in a
 * background tab), it requests both at once; three seconds is the longest it waits.
 *
 * Its text is the same in every build (the files' names come from the page's data block), so the
 * Content-Security-Policy allows it by its hash and the page needs no 'unsafe-inline'.
 */
export const ISLANDS_LOADER = `const{script,preload}=JSON.parse(document.getElementById(${JSON.stringify(ISLANDS_MANIFEST_ELEMENT_ID)}).textContent)
const root=document.documentElement,font=root.dataset.webFont,key=${JSON.stringify(WEB_FONT_KEY)}
let had=false;try{had=!!font&&localStorage.getItem(key)===font}catch{}
if(had)root.classList.add('web-fonts')
let started=false
const load=()=>{if(started)return;started=true
if(font&&!had&&document.fonts)document.fonts.load(font).then((faces)=>{if(faces.length)try{localStorage.setItem(key,font)}catch{}},()=>{})
for(const href of preload){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}
import(script)}
if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))load()
else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});setTimeout(load,3000)}`
