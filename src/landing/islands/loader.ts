/** Id of the data block naming the islands module and the chunks it imports at once (an IslandsManifest). */
export const ISLANDS_MANIFEST_ELEMENT_ID = 'islands-manifest'

/**
 * The inline script that requests the islands module (and the chunks it imports at once) once the
 * page has painted its first content: the page reads fine without it, and on a slow connection it
 * must not compete with the stylesheet and the font for the first view. Where no first paint can be
 * observed (a browser without paint timing, a page opened in a background tab), it loads at once;
 * three seconds is the longest it waits.
 *
 * Its text is the same in every build (the files' names come from the page's data block), so the
 * Content-Security-Policy allows it by its hash and the page needs no 'unsafe-inline'.
 */
export const ISLANDS_LOADER = `const{script,preload}=JSON.parse(document.getElementById(${JSON.stringify(ISLANDS_MANIFEST_ELEMENT_ID)}).textContent)
let started=false
const load=()=>{if(started)return;started=true
for(const href of preload){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}
import(script)}
if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))load()
else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});setTimeout(load,3000)}`
