/* Marks the page as having script before it is drawn, so that styles for script-only
 * controls apply from the first paint (a separate file: the pages allow no inline script). */
document.documentElement.classList.add("js");
