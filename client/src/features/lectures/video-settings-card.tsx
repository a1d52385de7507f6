import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { AssetDeleteButton } from '../../components/files/asset-delete-button.tsx';
import { AssetReplacer, AssetUploader } from '../../components/files/asset-uploader.tsx';
import type { AnyProcessState } from '../../components/files/asset-status.rules.ts';
import { releaseBeforeDelete, useSavedFile } from '../../components/files/use-saved-file.ts';
import { VideoAssetPanel } from '../../components/files/video-asset-panel.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { LectureDraft, LectureEditorApi } from './lecture-draft.ts';

export interface VideoSettingsCardProps {
  editor: LectureEditorApi;
  draft: LectureDraft;
  youtubeError: string | undefined;
  onYoutubeChange: (value: string) => void;
  /** The video reached ready or failed: the server has decided the publish state again. */
  onVideoSettled: () => void;
}

/**
 * The lecture's video: upload (then saved and queued for processing), its processing state,
 * renditions and preview, replace and delete; and the YouTube alternative.
 */
export function VideoSettingsCard({ editor, draft, youtubeError, onYoutubeChange, onVideoSettled }: VideoSettingsCardProps) {
  const videoId = draft.videoResourceId;
  // Saved first, so that the queue item carries the lecture's title; a replaced file's new name and size are taken on save.
  const { uploaded, replaced } = useSavedFile(editor, 'videoResourceId');

  const settled = (state: AnyProcessState) => {
    if (state === 'ready' || state === 'failed') onVideoSettled();
  };

  return (
    <SectionCard
      title="Video Settings"
      description="The lecture's video, processed into renditions for every connection; or a YouTube video."
      contentClassName="grid gap-6"
    >
      {videoId ? (
        <VideoAssetPanel
          assetId={videoId}
          onStateChange={settled}
          // Playable before it is ready: the server has published the lecture again.
          onPlayable={onVideoSettled}
          actions={
            <>
              <AssetReplacer kind="video" assetId={videoId} label="Replace video" onReplaced={replaced} />
              <AssetDeleteButton
                assetId={videoId}
                label="Delete video"
                beforeDelete={releaseBeforeDelete(editor, 'videoResourceId', 'Update subject failed')}
              />
            </>
          }
        />
      ) : (
        <div className="grid justify-items-start gap-3 rounded-md border border-dashed p-4">
          <p className="text-sm text-muted-foreground">No video uploaded</p>
          <AssetUploader kind="video" label="Upload video" variant="default" onUploaded={uploaded} />
        </div>
      )}
      <div className="grid gap-4 border-t pt-4 sm:grid-cols-2">
        <FormField id="lecture-youtube" label="YouTube video ID" error={youtubeError} hint="The video id only, e.g. dQw4w9WgXcQ, not a link">
          {(control) => (
            <Input
              {...control}
              value={draft.youtubeLink}
              placeholder="dQw4w9WgXcQ"
              autoComplete="off"
              onChange={(event) => onYoutubeChange(event.target.value)}
            />
          )}
        </FormField>
        <SwitchField
          id="lecture-youtube-player"
          label="Enable YouTube player"
          className="items-center self-center"
          checked={draft.enableYoutubePlayer}
          onCheckedChange={(enableYoutubePlayer) => editor.change({ enableYoutubePlayer })}
        />
      </div>
    </SectionCard>
  );
}
VideoSettingsCard.displayName = 'VideoSettingsCard';
