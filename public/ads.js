// The ad pages' own ad script. Ad blockers refuse files like this one; the wait page tells the
// member when it did not load.
window.__siteAdsLoaded = true;
