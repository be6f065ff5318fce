/** Id of the data block naming the islands module and the chunks it imports at once (an IslandsManifest). */
export const ISLANDS_MANIFEST_ELEMENT_ID = 'islands-manifest'

/**
 * The inline script that, once the page has painted its first content, requests the islands module
 * (and the chunks it imports at once) and the web font <html> names (`data-web-font`, a CSS font
 * shorthand), then lets the page's text use them (`web-fonts` on <html>; until then it shows in
 * fallbacks of the same size): the page reads fine without them, and on a slow connection they must
 * not compete with the stylesheet for the first view. The class goes on once the fonts are there
 * (three seconds at most), so the page's text is laid out again once, in the web fonts, rather than
 * once in fallbacks still waiting for them and again when they arrive.
 * Where no first paint can be observed (a browser without paint timing, a page opened in a
 * background tab), it does both at once; three seconds is the longest it waits.
 *
 * Its text is the same in every build (the files' names come from the page's data block), so the
 * Content-Security-Policy allows it by its hash and the page needs no 'unsafe-inline'.
 */
export const ISLANDS_LOADER = `const{script,preload}=JSON.parse(document.getElementById(${JSON.stringify(ISLANDS_MANIFEST_ELEMENT_ID)}).textContent)
let started=false
const load=()=>{if(started)return;started=true
const webFonts=()=>document.documentElement.classList.add('web-fonts')
const font=document.documentElement.dataset.webFont;(font&&document.fonts?document.fonts.load(font):Promise.resolve()).then(webFonts,webFonts);setTimeout(webFonts,3000)
for(const href of preload){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}
import(script)}
if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))load()
else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});setTimeout(load,3000)}`
