import type { IslandsManifest } from '../manifest'

/**
 * The inline script that requests the islands module (and the chunks it imports at once) once the
 * page has painted its first content: the page reads fine without it, and on a slow connection it
 * must not compete with the stylesheet and the font for the first view. Where no first paint can be
 * observed (a browser without paint timing, a page opened in a background tab), it loads at once;
 * three seconds is the longest it waits.
 */
export function islandsLoader({ script, preload }: IslandsManifest): string {
  return `let started=false
const load=()=>{if(started)return;started=true
for(const href of ${JSON.stringify(preload)}){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}
import(${JSON.stringify(script)})}
if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))load()
else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});setTimeout(load,3000)}`
}
