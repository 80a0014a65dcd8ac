import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MapDevice } from '../api/device-map';
import type { EChartsType } from '../components/screen-chart';
import { isLocated } from './filters';
import { fitView } from './fit';
import { point } from './map-option';

const CLOSE_ZOOM = 40;

interface Focus {
  devices: readonly MapDevice[];
  located: readonly MapDevice[];
  selected: MapDevice | null;
  onSelect: (deviceId: number) => void;
}

/**
 * Where the map looks: all robots fitted the first time they are there (and on "Fit"), a chosen robot centred
 * close up, and the selected robot's card anchored to its marker as the map is dragged or zoomed.
 */
export function useMapFocus({ devices, located, selected, onSelect }: Focus) {
  const chart = useRef<EChartsType | null>(null);
  const [chartReady, setChartReady] = useState(false);
  const [anchor, setAnchor] = useState<{ x: number; y: number } | null>(null);
  const fitted = useRef(false);
  /** Where the selected robot's marker is now (px), or null without a location. */
  const placeAnchor = useCallback(() => {
    const instance = chart.current;
    if (!instance || !selected || !isLocated(selected)) {
      setAnchor(null);
      return;
    }
    const pixel = instance.convertToPixel({ geoIndex: 0 }, point(selected)) as number[] | undefined;
    setAnchor(pixel ? { x: pixel[0] ?? 0, y: pixel[1] ?? 0 } : null);
  }, [selected]);
  const placeAnchorRef = useRef(placeAnchor);
  useEffect(() => {
    placeAnchorRef.current = placeAnchor;
    placeAnchor();
  }, [placeAnchor]);

  const fit = useCallback((robots: readonly MapDevice[]) => {
    const instance = chart.current;
    if (!instance) return;
    const view = fitView(robots.map(point), { width: instance.getWidth(), height: instance.getHeight() });
    instance.setOption({ geo: { center: view.center, zoom: view.zoom } });
    placeAnchorRef.current();
  }, []);

  // the first time the chart and robots are there, show them all
  useEffect(() => {
    if (!fitted.current && chartReady && chart.current && located.length > 0) {
      fitted.current = true;
      fit(located);
    }
  }, [fit, located, chartReady]);

  const select = useCallback((device: MapDevice) => {
    onSelect(device.deviceId);
    const instance = chart.current;
    if (instance && isLocated(device)) {
      const geo = (instance.getOption() as { geo?: { zoom?: number }[] }).geo?.[0];
      instance.setOption({ geo: { center: point(device), zoom: Math.max(geo?.zoom ?? 1, CLOSE_ZOOM) } });
    }
  }, [onSelect]);
  const selectRef = useRef(select);
  const devicesRef = useRef(devices);
  useEffect(() => {
    selectRef.current = select;
    devicesRef.current = devices;
  });

  const onEvents = useMemo(
    () => ({
      click: (params: { seriesIndex?: number; data?: { id?: number } }) => {
        const device = devicesRef.current.find((d) => d.deviceId === params.data?.id);
        if (params.seriesIndex === 0 && device) selectRef.current(device);
      },
      georoam: () => placeAnchorRef.current(),
    }),
    [],
  );

  const onReady = useCallback((instance: EChartsType) => {
    chart.current = instance;
    setChartReady(true);
  }, []);

  return { anchor, fit, select, onEvents, onReady };
}
